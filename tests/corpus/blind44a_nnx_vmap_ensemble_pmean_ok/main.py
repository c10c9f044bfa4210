import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.linear2(nnx.relu(self.linear1(x)))


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return MLP(8, 32, 4, rngs=rngs)


@nnx.vmap(in_axes=(0, None), out_axes=0, axis_name='ensemble')
def ensemble_forward(model: MLP, x):
  logits = model(x)
  # every member sees the ensemble mean, e.g. for distillation targets
  return jax.lax.pmean(logits, axis_name='ensemble')


@nnx.jit
def predict(model, x):
  return ensemble_forward(model, x)[0]


ensemble = create_ensemble(nnx.Rngs(0))
x = jnp.ones((16, 8))
print(predict.trace(ensemble, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
