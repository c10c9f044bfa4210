"""FSDP layers: each device stores 1/n of every kernel and gathers it right before use."""
import jax
import jax.numpy as jnp
from flax import nnx

from fsdp_kernels import ring_all_gather


class FSDPLinear(nnx.Module):
  def __init__(self, din, dout, *, axis_name, num_shards, rngs: nnx.Rngs):
    self.axis_name = axis_name
    self.num_shards = num_shards
    self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))

  def __call__(self, x):
    # inside shard_map the kernel is the local [din / n, dout] shard
    w = ring_all_gather(self.kernel[...], axis_name=self.axis_name, num_devices=self.num_shards)
    w = w.reshape(-1, w.shape[-1])
    return x @ w


class FSDPMLP(nnx.Module):
  def __init__(self, dim, hidden, *, axis_name, num_shards, rngs):
    kw = dict(axis_name=axis_name, num_shards=num_shards, rngs=rngs)
    self.up = FSDPLinear(dim, hidden, **kw)
    self.down = FSDPLinear(hidden, dim, **kw)

  def __call__(self, x):
    return self.down(jax.nn.gelu(self.up(x)))
