; ALU mix for rv770: float, integer, compares, selects, transcendentals
define amdgpu_ps void @alu_mix(<4 x float> inreg %reg0, <4 x float> inreg %reg1) {
  %x = extractelement <4 x float> %reg0, i32 0
  %y = extractelement <4 x float> %reg0, i32 1
  %z = extractelement <4 x float> %reg0, i32 2
  %w = extractelement <4 x float> %reg0, i32 3
  %a = extractelement <4 x float> %reg1, i32 0
  %m = fmul float %x, %y
  %n = fadd float %m, 1.5
  %s = call float @llvm.sqrt.f32(float %z)
  %c = fcmp ogt float %n, %s
  %e = select i1 %c, float %n, float %s
  %xi = bitcast float %x to i32
  %yi = bitcast float %y to i32
  %zi = bitcast float %z to i32
  %ad = add i32 %xi, %yi
  %sh = shl i32 %ad, %yi
  %sr = lshr i32 %sh, 3
  %as = ashr i32 %zi, %yi
  %xo = xor i32 %sr, %as
  %mu = mul i32 %xo, %zi
  %mh = mul i32 %mu, 7
  %fi = fptosi float %w to i32
  %fu = fptoui float %a to i32
  %sum = add i32 %mh, %fi
  %sum2 = sub i32 %sum, %fu
  %icmp = icmp sgt i32 %sum2, %zi
  %isel = select i1 %icmp, i32 %sum2, i32 %xi
  %tf = bitcast i32 %isel to float
  %fl = call float @llvm.floor.f32(float %w)
  %ex = call float @llvm.exp2.f32(float %fl)
  %lg = call float @llvm.log2.f32(float %a)
  %mx = call float @llvm.maxnum.f32(float %ex, float %lg)
  %mn = call float @llvm.minnum.f32(float %mx, float -2.0)
  %ab = call float @llvm.fabs.f32(float %mn)
  %ng = fneg float %ab
  %cv = sitofp i32 %zi to float
  %cu = uitofp i32 %xi to float
  %fr = fadd float %cv, %cu
  %sat = fmul float %fr, %ng
  %v0 = insertelement <4 x float> undef, float %e, i32 0
  %v1 = insertelement <4 x float> %v0, float %tf, i32 1
  %v2 = insertelement <4 x float> %v1, float %sat, i32 2
  %v3 = insertelement <4 x float> %v2, float %mn, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %v3, i32 0, i32 0)
  ret void
}
declare float @llvm.sqrt.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.fabs.f32(float)
declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
