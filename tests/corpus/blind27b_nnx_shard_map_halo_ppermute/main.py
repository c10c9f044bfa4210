import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('seq',), axis_types=(jax.sharding.AxisType.Explicit,))
N = mesh.shape['seq']

conv = nnx.Conv(2, 2, kernel_size=(3,), padding='VALID', rngs=nnx.Rngs(0))


def exchange_halo(x):
  right = [(i, (i + 1) % N) for i in range(N)]
  left = [((i + 1) % N, i) for i in range(N)]
  from_left = jax.lax.ppermute(x[-1:], 'seq', perm=right)
  from_right = jax.lax.ppermute(x[:1], 'seq', perm=left)
  return jnp.concatenate([from_left, x, from_right], axis=0)


@nnx.shard_map(mesh=mesh, in_specs=(P(), P('seq')), out_specs=P('seq'))
def local_conv(conv, x):
  x = exchange_halo(x)
  return conv(x[None])[0]


local_conv = nnx.jit(local_conv)
x = jax.device_put(jnp.ones((32, 2)), NamedSharding(mesh, P('seq')))
print(local_conv.trace(conv, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
