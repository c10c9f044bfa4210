import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from serve import SEQ_AXIS, encode


def main():
  mesh = jax.make_mesh((4,), (SEQ_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  s = NamedSharding(mesh, P(SEQ_AXIS))
  q = jax.ShapeDtypeStruct((64, 32), jnp.float32, sharding=s)
  k = jax.ShapeDtypeStruct((64, 32), jnp.float32, sharding=s)
  exported = jax.export.export(jax.jit(encode), platforms=['tpu'])(q, k)
  print(exported.mlir_module()[:100])


if __name__ == '__main__':
  main()
