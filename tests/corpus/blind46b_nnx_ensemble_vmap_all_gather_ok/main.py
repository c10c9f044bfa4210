import jax.numpy as jnp
from flax import nnx

from ensemble import ENSEMBLE_AXIS, create_ensemble

ensemble = create_ensemble(nnx.Rngs(0))
ensemble.eval()


@nnx.jit
def predict(model, x):
  @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name=ENSEMBLE_AXIS)
  def forward(member, x):
    return member(x)

  y, disagreement = forward(model, x)
  return y.mean(axis=0), disagreement


x = jnp.ones((16, 2))
print(predict.trace(ensemble, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
