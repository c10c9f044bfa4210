import argparse
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

import halo

parser = argparse.ArgumentParser()
parser.add_argument('--seq-axis', default='seq')
parser.add_argument('--kernel', type=int, default=3)
args = parser.parse_args([])

mesh = Mesh(jax.devices(), (args.seq_axis,))
N = mesh.shape[args.seq_axis]


class HaloConv(nnx.Module):
  def __init__(self, c, k, rngs):
    self.conv = nnx.Conv(c, c, kernel_size=(k,), padding='VALID', rngs=rngs)
    self.k = k

  def __call__(self, x):
    x = halo.exchange_halo(x, args.seq_axis, self.k // 2, N)
    return nnx.gelu(self.conv(x))


class Net(nnx.Module):
  def __init__(self, rngs):
    self.c1 = HaloConv(8, args.kernel, rngs)
    self.c2 = HaloConv(8, args.kernel, rngs)

  def __call__(self, x):
    f = nnx.remat(lambda m, x: m(x))
    return f(self.c2, f(self.c1, x))


model = Net(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(None, args.seq_axis)),
           out_specs=P(None, args.seq_axis))
  def fwd(model, x):
    return model(x)

  loss, grads = nnx.value_and_grad(lambda m: jnp.mean(fwd(m, x) ** 2))(model)
  optimizer.update(model, grads)
  return loss


x = jnp.ones((2, 32, 8))
train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',))
