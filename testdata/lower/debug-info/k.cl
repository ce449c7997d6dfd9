typedef struct { int a; float b[3]; double4 v; } S;
__constant int table[4] = {1,2,3,4};
int helper(int x) { switch (x) { case 0: return 1; case 5: return 7; case 9: return x*x; default: return -x; } }
__kernel void k1(__global int *out, __global S *s, int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i) { acc += helper(i) + table[i & 3]; if (acc > 1000) break; }
  out[get_global_id(0)] = acc + (int)s->b[1];
  atomic_add(out, 1);
  s->v = s->v * 2.0;
}
__kernel void k2(__global float *f, __local float *l) {
  l[get_local_id(0)] = f[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  f[get_global_id(0)] = l[0] > 0.0f ? sqrt(l[0]) : -l[1];
  printf("%d %f\n", (int)get_global_id(0), f[0]);
}
