import jax
import jax.numpy as jnp
from flax import nnx

from model import AllGatherLinear

N = 4
mesh = jax.make_mesh((N,), ('fsdp',), axis_types=(jax.sharding.AxisType.Auto,))


def main():
  layer = AllGatherLinear(512, 256, axis_name='fsdp', num_devices=N, rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(layer)

  @jax.jit
  def apply(state, x):
    return nnx.merge(graphdef, state)(x)

  x = jax.ShapeDtypeStruct((64, 512), jnp.float32)
  with jax.set_mesh(mesh):
    apply.trace(state, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
