import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType

RULES = (('batch', 'data'), ('embed', None), ('heads', 'model'), ('kv', None), ('mlp', 'model'))
kinit = nn.initializers.lecun_normal()


class FusedQKV(nn.Module):
  """Fused projection: one Dense producing q, k and v, split afterwards."""
  num_heads: int
  head_dim: int

  @nn.compact
  def __call__(self, x):
    b, s, _ = x.shape
    qkv = nn.Dense(3 * self.num_heads * self.head_dim, use_bias=False, name='qkv',
                   kernel_init=nn.with_logical_partitioning(kinit, ('embed', 'heads', 'kv')))(x)
    q, k, v = jnp.split(qkv.reshape(b, s, 3 * self.num_heads, self.head_dim), 3, axis=2)
    w = nn.softmax(jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim))
    out = jnp.einsum('bhqk,bkhd->bqhd', w, v)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), use_bias=False, name='out',
                           kernel_init=nn.with_logical_partitioning(kinit, ('heads', 'kv', 'embed')))(out)


class Block(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = x + FusedQKV(num_heads=4, head_dim=32)(nn.LayerNorm()(x))
    h = nn.Dense(512, kernel_init=nn.with_logical_partitioning(kinit, ('embed', 'mlp')))(x)
    return x + nn.Dense(128, kernel_init=nn.with_logical_partitioning(kinit, ('mlp', 'embed')))(nn.relu(h))


def main():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
  model = Block()
  x = jnp.ones((8, 16, 128))
  with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(1), x)
    out_sh = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
    jitted = jax.jit(model.init, out_shardings=out_sh)
    jitted.trace(jax.random.key(1), x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
