import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

from cp.model import Attention


@jax.jit
def forward(model, x):
  return model(x)


def main():
  mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Explicit,))
  model = Attention(64, 4, rngs=nnx.Rngs(0))
  x = jnp.ones((2, 32, 64))
  x = jax.device_put(x, jax.NamedSharding(mesh, jax.P(None, "seq")))
  lowered = forward.trace(model, x).lower(lowering_platforms=("cuda",))
  print("ok", "collective_permute" in lowered.as_text())


if __name__ == "__main__":
  main()
