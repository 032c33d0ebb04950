; more rv770 opcodes: min/max int, mulhi, float rounding, sin/cos, rsq, mad,
; dot4, cube, relative addressing through AR (MOVA_INT), kcache reads
define amdgpu_ps void @ops(<4 x float> inreg %reg0, <4 x float> inreg %reg1, <4 x float> inreg %reg2) {
  %x = extractelement <4 x float> %reg0, i32 0
  %y = extractelement <4 x float> %reg0, i32 1
  %z = extractelement <4 x float> %reg0, i32 2
  %w = extractelement <4 x float> %reg0, i32 3
  %xi = bitcast float %x to i32
  %yi = bitcast float %y to i32
  %smax = call i32 @llvm.smax.i32(i32 %xi, i32 %yi)
  %umin = call i32 @llvm.umin.i32(i32 %smax, i32 %yi)
  %ux = zext i32 %umin to i64
  %uy = zext i32 %xi to i64
  %pr = mul i64 %ux, %uy
  %hi64 = lshr i64 %pr, 32
  %hi = trunc i64 %hi64 to i32
  %ce = call float @llvm.ceil.f32(float %z)
  %tr = call float @llvm.trunc.f32(float %w)
  %rn = call float @llvm.rint.f32(float %x)
  %fr = call float @llvm.floor.f32(float %y)
  %sn = call float @llvm.sin.f32(float %ce)
  %cs = call float @llvm.cos.f32(float %tr)
  %rs = call float @llvm.r600.recipsqrt.clamped.f32(float %rn)
  %ma = call float @llvm.fmuladd.f32(float %sn, float %cs, float %rs)
  %d4 = call float @llvm.r600.dot4(<4 x float> %reg1, <4 x float> %reg2)
  %cb = call <4 x float> @llvm.r600.cube(<4 x float> %reg1)
  %cbx = extractelement <4 x float> %cb, i32 0
  %s1 = fadd float %d4, %cbx
  %s2 = fadd float %s1, %fr
  %arr = alloca [8 x float], addrspace(5)
  %idx = and i32 %hi, 7
  %p0 = getelementptr [8 x float], ptr addrspace(5) %arr, i32 0, i32 %idx
  store float %ma, ptr addrspace(5) %p0
  %p1 = getelementptr [8 x float], ptr addrspace(5) %arr, i32 0, i32 3
  %ld = load float, ptr addrspace(5) %p1
  %v0 = insertelement <4 x float> undef, float %s2, i32 0
  %v1 = insertelement <4 x float> %v0, float %ld, i32 1
  %hf = bitcast i32 %hi to float
  %v2 = insertelement <4 x float> %v1, float %hf, i32 2
  %v3 = insertelement <4 x float> %v2, float %ma, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %v3, i32 0, i32 0)
  ret void
}
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare float @llvm.ceil.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare float @llvm.r600.recipsqrt.clamped.f32(float)
declare float @llvm.fmuladd.f32(float, float, float)
declare float @llvm.r600.dot4(<4 x float>, <4 x float>)
declare <4 x float> @llvm.r600.cube(<4 x float>)
declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
