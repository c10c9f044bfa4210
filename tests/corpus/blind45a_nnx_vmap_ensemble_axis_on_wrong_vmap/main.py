import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

ENSEMBLE = 'ensemble'


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.dropout(self.linear1(x)))
    return self.linear2(x)


@nnx.vmap(in_axes=0, out_axes=0, axis_name=ENSEMBLE)
def create_ensemble(rngs: nnx.Rngs):
  return MLP(8, 32, 4, rngs=rngs)


ensemble = create_ensemble(nnx.Rngs(0).fork(split=4))
ensemble.eval()


@nnx.vmap(in_axes=(0, None), out_axes=0)
def member_forward(model: MLP, x):
  logits = model(x)
  # each member also sees the ensemble-average prediction (for disagreement metric)
  mean_logits = lax.pmean(logits, axis_name=ENSEMBLE)
  return jnp.mean((logits - mean_logits) ** 2, axis=-1)


@nnx.jit
def eval_step(ensemble, x):
  disagreement = member_forward(ensemble, x)
  return disagreement.mean(0)


x = jnp.ones((16, 8))
print(jax.jit(lambda e, x: eval_step(e, x)).trace(ensemble, x)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
