import flax.linen as nn
import jax
import jax.numpy as jnp
import optax


class Block(nn.Module):
  d: int

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm()(x)
    h = nn.SelfAttention(num_heads=2, qkv_features=self.d)(h)
    mu = jax.lax.pmean(h.mean(axis=(0, 1)), axis_name="data")
    return x + (h - mu)


class Tower(nn.Module):
  d: int
  depth: int

  @nn.compact
  def __call__(self, x):
    RBlock = nn.remat(Block)
    for i in range(self.depth):
      x = RBlock(self.d, name=f"block_{i}")(x)
    return nn.Dense(1)(x.mean(axis=1))


tower = Tower(d=32, depth=2)
x = jnp.ones((4, 10, 32))
y = jnp.ones((4, 1))
params = jax.eval_shape(lambda: tower.init(jax.random.key(0), x))


def loss(params, x, y):
  return optax.l2_loss(tower.apply(params, x), y).mean()


@jax.jit
def train_step(params, x, y):
  l, g = jax.value_and_grad(loss)(params, x, y)
  return l, g


train_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
