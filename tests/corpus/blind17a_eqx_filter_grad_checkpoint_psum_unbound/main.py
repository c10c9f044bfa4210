import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
  lin: eqx.nn.Linear

  def __call__(self, x):
    return x + jax.lax.psum(jax.nn.relu(self.lin(x)), "tp")


class Net(eqx.Module):
  blocks: list

  def __init__(self, n, d, key):
    self.blocks = [Block(eqx.nn.Linear(d, d, key=k)) for k in jax.random.split(key, n)]

  def __call__(self, x):
    for b in self.blocks:
      x = eqx.filter_checkpoint(b)(x)
    return x


@eqx.filter_jit
@eqx.filter_grad
def grads(net, x):
  return jnp.sum(net(x) ** 2)


net = Net(3, 16, jax.random.key(0))
x = jnp.ones((16,))
jax.jit(grads).trace(net, x).lower(lowering_platforms=("cuda",))
