import flax.nnx as nnx
import jax.numpy as jnp

ENSEMBLE_SIZE = 4


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.bn = nnx.LayerNorm(dhidden, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    x = nnx.gelu(self.bn(self.linear1(x)))
    return self.linear2(x)


@nnx.split_rngs(splits=ENSEMBLE_SIZE)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return MLP(16, 128, 1, rngs=rngs)


def ensemble_forward(ensemble: MLP, x):
  """Every member sees the same batch; returns [ENSEMBLE_SIZE, batch, 1]."""

  @nnx.vmap(in_axes=(0, None), out_axes=0)
  def forward(model, x):
    return model(x)

  return forward(ensemble, x)
