import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class CrossReplicaNorm(nnx.Module):
  def __init__(self, dim):
    self.axis_name = "data"
    self.scale = nnx.Param(jnp.ones((dim,)))

  def __call__(self, x):
    mean = lax.pmean(x.mean(0), self.axis_name)
    var = lax.pmean(((x - mean) ** 2).mean(0), self.axis_name)
    return (x - mean) * lax.rsqrt(var + 1e-5) * self.scale[...]


class Net(nnx.Module):
  def __init__(self, rngs):
    self.fc = nnx.Linear(10, 32, rngs=rngs)
    self.norm = CrossReplicaNorm(32)

  def __call__(self, x):
    return self.norm(self.fc(x))


mesh = Mesh(np.array(jax.devices()), ("data",))
net = Net(nnx.Rngs(0))
net.norm.axis_name = "replica"


@nnx.jit
def fwd(net, x):
  return nnx.shard_map(lambda n, x: n(x), mesh=mesh, in_specs=(P(), P("data")),
                       out_specs=P("data"))(net, x)


fwd.trace(net, jnp.ones((32, 10))).lower(lowering_platforms=("cuda",))
