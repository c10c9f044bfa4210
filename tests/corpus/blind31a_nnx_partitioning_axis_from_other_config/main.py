import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType

from nets.gemma_ffw import TinyGemma

RUN_CONFIG = dict(mesh_shape=(2, 2), mesh_axes=("data", "model"), vocab=128, dim=32, hidden=64)

mesh = jax.make_mesh(RUN_CONFIG["mesh_shape"], RUN_CONFIG["mesh_axes"],
                     axis_types=(AxisType.Auto, AxisType.Auto))

with jax.set_mesh(mesh):
  model = TinyGemma(RUN_CONFIG["vocab"], RUN_CONFIG["dim"], RUN_CONFIG["hidden"], rngs=nnx.Rngs(0))
  graphdef, state = nnx.split(model)

  @jax.jit
  def logits_fn(state, tokens):
    m = nnx.merge(graphdef, state)
    return m(tokens)

  tokens = jnp.zeros((4, 8), jnp.int32)
  print(logits_fn.trace(state, tokens).lower(lowering_platforms=("cuda",)).as_text()[:20])
