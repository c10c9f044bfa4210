import jax
import jax.numpy as jnp
from flax import nnx

from layers import RingMixer

N_DEV = len(jax.devices())
mesh = jax.make_mesh((N_DEV,), ("x",))

model = RingMixer(128, axis_name="x", rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)


def forward(state, x):
  m = nnx.merge(graphdef, state)
  return m(x)


# One slice of the batch per ring member, stacked on the leading axis.
step = jax.jit(jax.vmap(forward, in_axes=(None, 0), axis_name="x"))

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((N_DEV, 64, 128), jnp.float32)
  step.trace(state, x).lower(lowering_platforms=("tpu",))
