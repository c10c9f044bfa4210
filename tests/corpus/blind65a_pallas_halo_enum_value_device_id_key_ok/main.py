import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from axes import MESH_SHAPE, MeshAxis
from kernels import HALO, left_halo


def causal_conv(x, w):
  """Depthwise causal conv along the sequence, sequence sharded over devices."""
  halo = left_halo(x)
  padded = jnp.concatenate([halo, x], axis=0)
  k = w.shape[0]
  out = sum(padded[HALO - k + 1 + i: HALO - k + 1 + i + x.shape[0]] * w[i] for i in range(k))
  return out


def main():
  names = tuple(a.value for a in MESH_SHAPE)
  mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), names,
                       axis_types=(AxisType.Auto,) * len(names))
  seq = P(MeshAxis.SEQ.value, None)
  step = jax.jit(jax.shard_map(causal_conv, mesh=mesh, in_specs=(seq, P()),
                               out_specs=seq, check_vma=False))
  x = jax.ShapeDtypeStruct((256, 128), jnp.float32)
  w = jax.ShapeDtypeStruct((4, 128), jnp.float32)
  step.trace(x, w).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
