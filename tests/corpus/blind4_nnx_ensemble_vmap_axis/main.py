import jax
import jax.numpy as jnp
import optax
from flax import nnx

from ensemble import ENSEMBLE_AXIS, create_ensemble, member_loss

NUM_MEMBERS = 4
ensemble = create_ensemble(NUM_MEMBERS, rngs=nnx.Rngs(params=0, dropout=1))
optimizer = nnx.Optimizer(ensemble, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(ensemble, optimizer, x, y):
  def total_loss(ensemble):
    per_member = nnx.vmap(member_loss, in_axes=(0, None, None, None), axis_name=ENSEMBLE_AXIS)
    return per_member(ensemble, x, y, 0.5).sum()

  loss, grads = nnx.value_and_grad(total_loss)(ensemble)
  optimizer.update(ensemble, grads)
  return loss


x = jnp.ones((8, 16))
y = jnp.zeros((8,), jnp.int32)
train_step.trace(ensemble, optimizer, x, y).lower(lowering_platforms=('cuda',))
