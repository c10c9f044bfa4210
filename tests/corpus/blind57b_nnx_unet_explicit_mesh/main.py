import math

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


def timestep_embedding(t, dim):
  half = dim // 2
  freqs = jnp.exp(-math.log(10000.0) * jnp.arange(half) / half)
  args = t[:, None].astype(jnp.float32) * freqs[None]
  return jnp.concatenate([jnp.sin(args), jnp.cos(args)], axis=-1)


class ResBlock(nnx.Module):
  def __init__(self, cin, cout, tdim, *, rngs):
    self.norm1 = nnx.GroupNorm(cin, num_groups=4, rngs=rngs)
    self.conv1 = nnx.Conv(cin, cout, (3, 3), rngs=rngs)
    self.temb = nnx.Linear(tdim, cout, rngs=rngs)
    self.norm2 = nnx.GroupNorm(cout, num_groups=4, rngs=rngs)
    self.conv2 = nnx.Conv(cout, cout, (3, 3), rngs=rngs)
    self.skip = nnx.Conv(cin, cout, (1, 1), rngs=rngs) if cin != cout else None

  def __call__(self, x, temb):
    h = self.conv1(nnx.silu(self.norm1(x)))
    h = h + self.temb(nnx.silu(temb))[:, None, None, :]
    h = self.conv2(nnx.silu(self.norm2(h)))
    return h + (self.skip(x) if self.skip is not None else x)


class UNet(nnx.Module):
  def __init__(self, ch=32, tdim=64, *, rngs):
    self.tdim = tdim
    self.t_mlp = nnx.Linear(tdim, tdim, rngs=rngs)
    self.inp = nnx.Conv(3, ch, (3, 3), rngs=rngs)
    self.down1 = ResBlock(ch, ch, tdim, rngs=rngs)
    self.down2 = ResBlock(ch, 2 * ch, tdim, rngs=rngs)
    self.mid = ResBlock(2 * ch, 2 * ch, tdim, rngs=rngs)
    self.up2 = ResBlock(4 * ch, ch, tdim, rngs=rngs)
    self.up1 = ResBlock(2 * ch, ch, tdim, rngs=rngs)
    self.out = nnx.Conv(ch, 3, (3, 3), rngs=rngs)

  def __call__(self, x, t):
    temb = self.t_mlp(timestep_embedding(t, self.tdim))
    h0 = self.inp(x)
    h1 = self.down1(h0, temb)
    h2 = self.down2(nnx.avg_pool(h1, (2, 2), strides=(2, 2)), temb)
    m = self.mid(h2, temb)
    u = self.up2(jnp.concatenate([m, h2], axis=-1), temb)
    u = jnp.repeat(jnp.repeat(u, 2, axis=1), 2, axis=2)
    u = self.up1(jnp.concatenate([u, h1], axis=-1), temb)
    return self.out(nnx.silu(u))


@nnx.jit
def train_step(model, optimizer, x0, noise, t, alpha_bar):
  a = alpha_bar.at[t].get(out_sharding=P('data'))[:, None, None, None]
  xt = jnp.sqrt(a) * x0 + jnp.sqrt(1.0 - a) * noise

  def loss_fn(model):
    eps = model(xt, t)
    return jnp.mean((eps - noise) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
  with jax.set_mesh(mesh):
    model = UNet(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(2e-4), wrt=nnx.Param)
    alpha_bar = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.02, 1000))
    x0 = jax.sharding.reshard(jnp.ones((8, 16, 16, 3)), P('data'))
    noise = jax.sharding.reshard(jnp.zeros((8, 16, 16, 3)), P('data'))
    t = jax.sharding.reshard(jnp.arange(8, dtype=jnp.int32), P('data'))
    train_step.trace(model, optimizer, x0, noise, t, alpha_bar).lower(
        lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
