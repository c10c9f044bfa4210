import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

ENSEMBLE = 4


class Member(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    self.l1 = nnx.Linear(din, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.tanh(self.l1(x)))


class Ensemble(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    @nnx.split_rngs(splits=ENSEMBLE)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create(rngs):
      return Member(din, dout, rngs=rngs)

    self.members = create(rngs)

  def __call__(self, x):
    @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name='ensemble')
    def forward(member, x):
      y = member(x)
      # disagreement penalty term: deviation from the ensemble mean
      return y, jnp.mean((y - jax.lax.pmean(y, 'ensemble')) ** 2)

    return forward(self.members, x)


mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
model = Ensemble(16, 1, rngs=nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)


@nnx.jit
def train_step(model, opt, x, y):
  def loss_fn(model):
    preds, disagreement = model(x)
    return jnp.mean((preds - y[None]) ** 2) - 0.1 * jnp.mean(disagreement)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  opt.update(model, grads)
  return loss


xs = jax.ShapeDtypeStruct((256, 16), jnp.float32, sharding=NamedSharding(mesh, P('data')))
ys = jax.ShapeDtypeStruct((256, 1), jnp.float32, sharding=NamedSharding(mesh, P('data')))
train_step.trace(model, opt, xs, ys).lower(lowering_platforms=('tpu',))
