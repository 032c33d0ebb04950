; control flow for rv770: if/else and a loop
define amdgpu_ps void @flow(<4 x float> inreg %reg0, <4 x float> inreg %reg1) {
entry:
  %x = extractelement <4 x float> %reg0, i32 0
  %y = extractelement <4 x float> %reg0, i32 1
  %n = extractelement <4 x float> %reg1, i32 0
  %ni = fptosi float %n to i32
  %c = fcmp olt float %x, %y
  br i1 %c, label %then, label %else
then:
  %t = fmul float %x, 3.0
  br label %loop
else:
  %e = fadd float %y, -1.0
  br label %loop
loop:
  %i = phi i32 [ 0, %then ], [ 0, %else ], [ %i1, %loop ]
  %acc = phi float [ %t, %then ], [ %e, %else ], [ %acc1, %loop ]
  %acc1 = fmul float %acc, 0.5
  %i1 = add i32 %i, 1
  %done = icmp sge i32 %i1, %ni
  br i1 %done, label %exit, label %loop
exit:
  %v0 = insertelement <4 x float> undef, float %acc1, i32 0
  %v1 = insertelement <4 x float> %v0, float %x, i32 1
  %v2 = insertelement <4 x float> %v1, float %y, i32 2
  %v3 = insertelement <4 x float> %v2, float 1.0, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %v3, i32 0, i32 0)
  ret void
}
declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
