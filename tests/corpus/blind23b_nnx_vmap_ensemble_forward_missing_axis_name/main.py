import jax
import jax.numpy as jnp
from flax import nnx

N_MEMBERS = 4


class MLP(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    self.l1 = nnx.Linear(din, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, dout, rngs=rngs)

  def __call__(self, x):
    logits = self.l2(nnx.relu(self.l1(x)))
    return jax.lax.pmean(logits, axis_name="member")


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=(0,), out_axes=0, axis_name="member")
def create_ensemble(rngs):
  return MLP(16, 10, rngs=rngs)


@nnx.vmap(in_axes=(0, None), out_axes=0)
def ensemble_forward(model, x):
  return model(x)


@nnx.jit
def predict(model, x):
  return ensemble_forward(model, x).mean(axis=0).argmax(-1)


if __name__ == "__main__":
  model = create_ensemble(nnx.Rngs(0))
  x = jnp.ones((8, 16))
  predict.trace(model, x).lower(lowering_platforms=("cuda",))
