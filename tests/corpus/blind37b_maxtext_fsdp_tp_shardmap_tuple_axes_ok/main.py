import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType


@dataclasses.dataclass(frozen=True)
class Cfg:
  dcn_data: int = 1
  ici_fsdp: int = 2
  ici_tensor: int = 2
  emb: int = 64
  mlp: int = 256
  batch: int = 8
  data_axes: tuple = ('fsdp',)
  all_axes: tuple = ('fsdp', 'tensor')


cfg = Cfg()
mesh = jax.make_mesh((cfg.ici_fsdp, cfg.ici_tensor), cfg.all_axes,
                     axis_types=(AxisType.Explicit, AxisType.Explicit))


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P('fsdp', 'tensor'), P('tensor', 'fsdp'), P(cfg.data_axes, None)),
         out_specs=P())
def loss_fn(wi, wo, x):
  wi = lax.all_gather(wi, 'fsdp', axis=0, tiled=True)    # [emb, mlp/tp]
  wo = lax.all_gather(wo, 'fsdp', axis=1, tiled=True)    # [mlp/tp, emb]
  h = jax.nn.relu(x @ wi)
  y = lax.psum(h @ wo, 'tensor')
  local = jnp.sum(y ** 2) / cfg.batch
  return lax.psum(local, cfg.data_axes)


@jax.jit
def train_step(wi, wo, x):
  loss, (gi, go) = jax.value_and_grad(loss_fn, argnums=(0, 1))(wi, wo, x)
  return wi - 1e-3 * gi, wo - 1e-3 * go, loss


put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
wi = put(jnp.ones((cfg.emb, cfg.mlp)) * 0.01, P('fsdp', 'tensor'))
wo = put(jnp.ones((cfg.mlp, cfg.emb)) * 0.01, P('tensor', 'fsdp'))
x = put(jnp.ones((cfg.batch, cfg.emb)), P('fsdp', None))
print(train_step.trace(wi, wo, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
