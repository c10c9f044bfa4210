import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels.permute import right_permute

mesh = jax.make_mesh((4,), ('x',))


class Shifter(eqx.Module):
  bias: jax.Array

  def __call__(self, x):
    return right_permute(x + self.bias, 4)


shifter = Shifter(jnp.zeros((128,)))

apply = jax.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'))
apply = jax.jit(apply)

x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P('x')))
print(apply.trace(shifter, x).lower(lowering_platforms=('tpu',)).as_text()[:20])
