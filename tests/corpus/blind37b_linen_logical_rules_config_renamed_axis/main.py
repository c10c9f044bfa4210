import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from config import Config

cfg = Config()


class MlpBlock(nn.Module):
  cfg: Config

  @nn.compact
  def __call__(self, x):
    wi = self.param('wi', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('embed', 'mlp')),
                    (self.cfg.emb_dim, self.cfg.mlp_dim))
    wo = self.param('wo', nn.with_logical_partitioning(nn.initializers.lecun_normal(), ('mlp', 'embed')),
                    (self.cfg.mlp_dim, self.cfg.emb_dim))
    h = nn.gelu(x @ wi)
    return h @ wo


devices = np.asarray(jax.devices()).reshape(cfg.mesh_shape)
mesh = Mesh(devices, cfg.mesh_axes)
model = MlpBlock(cfg)
x = jnp.ones((8, cfg.emb_dim))

abstract = jax.eval_shape(model.init, jax.random.key(0), x)
logical_spec = nn.get_partition_spec(abstract)
param_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, cfg.logical_axis_rules)
data_sharding = NamedSharding(mesh, P('fsdp', None))


def forward(variables, x):
  return model.apply(variables, x)


jitted = jax.jit(forward, in_shardings=(param_sharding, data_sharding),
                 out_shardings=data_sharding)
lowered = jitted.trace(abstract, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
