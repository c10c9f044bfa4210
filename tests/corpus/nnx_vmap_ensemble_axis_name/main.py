"""An NNX ensemble built with nnx.vmap; the forward pass is vmapped over members with
axis_name='member' so each member can all_gather the others' logits."""
import jax
import jax.numpy as jnp
from flax import nnx


class Member(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, rngs=rngs)

  def __call__(self, x):
    logits = self.linear(x)
    # Calibrate every member against the ensemble mean.
    everyone = jax.lax.all_gather(logits, 'member')
    return logits - everyone.mean(axis=0)


@nnx.vmap(in_axes=0, out_axes=0)
def create_ensemble(rngs):
  return Member(16, 4, rngs=rngs)


ensemble = create_ensemble(nnx.Rngs(0).fork(split=4))
x = jnp.ones((8, 16))


@nnx.jit
def forward(ensemble, x):
  return nnx.vmap(lambda m, x: m(x), in_axes=(0, None), axis_name='member')(ensemble, x)


forward.trace(ensemble, x).lower(lowering_platforms=("cuda",))
