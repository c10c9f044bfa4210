import jax
import jax.numpy as jnp
import optax
from flax import nnx

N_MEMBERS = 4


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.linear2(self.dropout(nnx.relu(self.linear1(x))))


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
  return MLP(16, 32, 4, rngs=rngs)


@nnx.vmap(in_axes=(0, None, None), out_axes=0, axis_name='ensemble')
def member_loss(model, x, y):
  pred = model(x)
  # negative-correlation learning: push each member away from the ensemble mean
  ens_mean = jax.lax.pmean(pred, 'ensemble')
  mse = jnp.mean((pred - y) ** 2)
  diversity = jnp.mean((pred - jax.lax.stop_gradient(ens_mean)) ** 2)
  return mse - 0.1 * diversity


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return member_loss(model, x, y).sum()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


if __name__ == '__main__':
  ensemble = create_ensemble(nnx.Rngs(0))
  optimizer = nnx.Optimizer(ensemble, optax.adam(1e-3), wrt=nnx.Param)
  x = jnp.ones((8, 16))
  y = jnp.zeros((8, 4))
  train_step.trace(ensemble, optimizer, x, y).lower(lowering_platforms=('cuda',))
