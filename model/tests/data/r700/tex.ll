; texture fetches for rv770: SAMPLE and SAMPLE_C with resource and sampler
; ids, coordinate types and source swizzles (the fetch decoder against llc)
define amdgpu_ps void @tex(<4 x float> inreg %reg0, <4 x float> inreg %reg1, <4 x float> inreg %reg2) {
  %t1 = call <4 x float> @llvm.r600.tex(<4 x float> %reg1, i32 0, i32 0, i32 0, i32 2, i32 1, i32 1, i32 1, i32 0, i32 0)
  %t2 = call <4 x float> @llvm.r600.tex(<4 x float> %reg0, i32 0, i32 0, i32 0, i32 7, i32 3, i32 0, i32 0, i32 0, i32 0)
  %t3 = call <4 x float> @llvm.r600.texc(<4 x float> %reg2, i32 0, i32 0, i32 0, i32 9, i32 4, i32 1, i32 1, i32 1, i32 1)
  %c4 = shufflevector <4 x float> %t1, <4 x float> %t2, <4 x i32> <i32 2, i32 5, i32 0, i32 7>
  %t4 = call <4 x float> @llvm.r600.tex(<4 x float> %c4, i32 0, i32 0, i32 0, i32 11, i32 5, i32 0, i32 1, i32 0, i32 1)
  %t5 = call <4 x float> @llvm.r600.texc(<4 x float> %t3, i32 0, i32 0, i32 0, i32 12, i32 6, i32 1, i32 0, i32 1, i32 0)
  %s1 = fadd <4 x float> %t5, %t4
  call void @llvm.r600.store.swizzle(<4 x float> %s1, i32 0, i32 0)
  ret void
}
declare <4 x float> @llvm.r600.tex(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare <4 x float> @llvm.r600.texc(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
