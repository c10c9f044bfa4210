import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_MEMBERS = 4


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(self.drop(nnx.relu(self.l1(x))))


class DeepEnsemble(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=NUM_MEMBERS)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_member(rngs):
      return MLP(din, 64, dout, rngs=rngs)

    self.members = create_member(rngs)

  def __call__(self, x):
    @nnx.vmap(in_axes=(0, None), out_axes=0, axis_name='member')
    def forward(member, x):
      logits = member(x)
      # ensemble mean is the "teacher" each member is pulled towards
      mean_logits = jax.lax.pmean(logits, 'member')
      return logits, mean_logits

    return forward(self.members, x)


def loss_fn(model, x, y):
  logits, mean_logits = model(x)
  ce = optax.softmax_cross_entropy_with_integer_labels(logits, y[None]).mean()
  agree = jnp.mean((logits - jax.lax.stop_gradient(mean_logits)) ** 2)
  return ce + 0.1 * agree


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((4,), ('data',))
  model = DeepEnsemble(16, 3, rngs=nnx.Rngs(params=0, dropout=1))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P('data')))
  y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P('data')))
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
