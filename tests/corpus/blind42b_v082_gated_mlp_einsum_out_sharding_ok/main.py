from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('fsdp', 'tp'), axis_types=(AxisType.Explicit,) * 2)


def init(key, d, f):
  k1, k2, k3 = jax.random.split(key, 3)
  s = lambda *spec: NamedSharding(mesh, P(*spec))
  return {
      'gate': jax.random.normal(k1, (d, f), out_sharding=s('fsdp', 'tp')),
      'up': jax.random.normal(k2, (d, f), out_sharding=s('fsdp', 'tp')),
      'down': jax.random.normal(k3, (f, d), out_sharding=s('tp', 'fsdp')),
  }


def gated_mlp(p, x):
  # x: [B, T, D] split over fsdp on batch
  g = jnp.einsum('btd,df->btf', x, p['gate'], out_sharding=P('fsdp', None, 'tp'))
  u = jnp.einsum('btd,df->btf', x, p['up'], out_sharding=P('fsdp', None, 'tp'))
  h = jax.nn.silu(g) * u
  return jnp.einsum('btf,fd->btd', h, p['down'], out_sharding=P('fsdp', None, None))


@partial(jax.jit, donate_argnums=0)
def sgd(p, x):
  loss, g = jax.value_and_grad(lambda p: jnp.mean(gated_mlp(p, x) ** 2))(p)
  return jax.tree.map(lambda a, b: a - 1e-3 * b, p, g), loss


with jax.set_mesh(mesh):
  params = init(jax.random.key(0), 64, 256)
  x = jax.device_put(jnp.ones((8, 16, 64)), P('fsdp', None, None))
  print(sgd.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
