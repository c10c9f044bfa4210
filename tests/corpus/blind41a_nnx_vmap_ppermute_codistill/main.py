import jax
import jax.numpy as jnp
import optax
from flax import nnx

M = 3


class Net(nnx.Module):
  def __init__(self, rngs):
    self.a = nnx.Linear(10, 32, rngs=rngs)
    self.b = nnx.Linear(32, 5, rngs=rngs)

  def __call__(self, x):
    return self.b(nnx.relu(self.a(x)))


@nnx.split_rngs(splits=M)
@nnx.vmap(in_axes=(0,), out_axes=0)
def build(rngs):
  return Net(rngs)


def member_loss(net, x, y):
  logits = net(x)
  peer = jax.lax.ppermute(jax.lax.stop_gradient(logits), 'member',
                          perm=[(i, (i + 1) % M) for i in range(M)])
  ce = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
  kl = optax.kl_divergence(jax.nn.log_softmax(logits), jax.nn.softmax(peer)).mean()
  return ce + 0.5 * kl


@nnx.jit
def grads(nets, x, y):
  per_member = nnx.vmap(nnx.grad(member_loss), in_axes=(0, None, None), out_axes=0,
                        axis_name='member')
  return per_member(nets, x, y)


nets = build(nnx.Rngs(0))
x = jnp.ones((6, 10))
y = jnp.zeros((6,), jnp.int32)
print(grads.trace(nets, x, y).lower(lowering_platforms=('cuda',)) is not None)
