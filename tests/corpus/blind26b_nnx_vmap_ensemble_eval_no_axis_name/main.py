import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax as L

ENSEMBLE = 'ensemble'


class Member(nnx.Module):

  def __init__(self, rngs):
    self.l1 = nnx.Linear(6, 24, rngs=rngs)
    self.l2 = nnx.Linear(24, 2, rngs=rngs)

  def __call__(self, x):
    y = self.l2(nnx.relu(self.l1(x)))
    # distillation target: the ensemble mean, shared by every member
    return y, L.stop_gradient(L.pmean(y, ENSEMBLE))


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=0, out_axes=0)
def make_ensemble(rngs):
  return Member(rngs)


@nnx.jit
def train_step(ensemble, optimizer, x, y):
  def loss_fn(ensemble):
    @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name=ENSEMBLE)
    def forward(member, x):
      return member(x)
    pred, mean = forward(ensemble, x)
    return jnp.mean((pred - y) ** 2) + 0.1 * jnp.mean((pred - mean) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(ensemble)
  optimizer.update(ensemble, grads)
  return loss


@nnx.jit
def eval_step(ensemble, x):
  preds, _ = nnx.vmap(lambda m, x: m(x), in_axes=(0, None), out_axes=0)(ensemble, x)
  return preds.mean(0)


ensemble = make_ensemble(nnx.Rngs(0))
optimizer = nnx.Optimizer(ensemble, optax.adam(1e-3), wrt=nnx.Param)
x, y = jnp.ones((16, 6)), jnp.zeros((16, 2))
train_step.trace(ensemble, optimizer, x, y).lower(lowering_platforms=('cuda',))
eval_step.trace(ensemble, x).lower(lowering_platforms=('cuda',))
print('ensemble step lowered')
