"""t5x-style scanned decoder with logical axis annotations, sharded with jit."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

RULES = (
    ('batch', 'data'),
    ('embed', None),
    ('mlp', 'model'),
    ('heads', 'model'),
    ('layers', None),
    ('length', None),
)


class MlpBlock(nn.Module):
  mlp_dim: int

  @nn.compact
  def __call__(self, x, _):
    d = x.shape[-1]
    h = nn.Dense(self.mlp_dim, use_bias=False,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.lecun_normal(), ('embed', 'mlp')))(x)
    h = nn.with_logical_constraint(nn.relu(h), ('batch', 'length', 'mlp'))
    out = nn.Dense(d, use_bias=False,
                   kernel_init=nn.with_logical_partitioning(
                       nn.initializers.lecun_normal(), ('mlp', 'embed')))(h)
    out = nn.with_logical_constraint(out, ('batch', 'length', 'embed'))
    return x + out, None


class Decoder(nn.Module):
  num_layers: int = 4
  mlp_dim: int = 256

  @nn.compact
  def __call__(self, x):
    Stack = nn.scan(
        nn.remat(MlpBlock, prevent_cse=False),
        variable_axes={'params': 0},
        split_rngs={'params': True},
        length=self.num_layers,
        metadata_params={nn.PARTITION_NAME: 'layers'},
    )
    x, _ = Stack(self.mlp_dim, name='layers')(x, None)
    return nn.LayerNorm()(x)


def main():
  devices = np.asarray(jax.devices()).reshape(2, 2)
  mesh = Mesh(devices, ('data', 'model'))
  model = Decoder()
  x = jnp.ones((8, 16, 64))

  with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
    logical_spec = nn.get_partition_spec(abstract)
    shardings = nn.logical_to_mesh_sharding(logical_spec, mesh, RULES)
    init_fn = jax.jit(model.init, out_shardings=shardings)
    params = init_fn(jax.random.PRNGKey(0), x)

    x_sharding = nn.logical_to_mesh_sharding(P('batch', 'length', 'embed'), mesh, RULES)
    apply_fn = jax.jit(model.apply, in_shardings=(shardings, x_sharding),
                       out_shardings=x_sharding)
    lowered = apply_fn.trace(params, x).lower(lowering_platforms=('cuda',))
  print(shardings['params']['layers']['Dense_0']['kernel'].spec)
  print(len(lowered.as_text()) > 0)


main()
