import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import AxisType

RULES = (('batch', 'data'), ('embed', None), ('heads', 'model'), ('kv', None), ('length', None))
kinit = nn.initializers.lecun_normal()


class SelfAttention(nn.Module):
  num_heads: int
  head_dim: int

  @nn.compact
  def __call__(self, x):
    proj = lambda name: nn.DenseGeneral(
        features=(self.num_heads, self.head_dim), axis=-1, use_bias=False, name=name,
        kernel_init=nn.with_logical_partitioning(kinit, ('embed', 'heads', 'kv')))
    q, k, v = proj('query')(x), proj('key')(x), proj('value')(x)
    q = nn.with_logical_constraint(q, ('batch', 'length', 'heads', 'kv'))
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim)
    out = jnp.einsum('bhqk,bkhd->bqhd', nn.softmax(logits), v)
    return nn.DenseGeneral(
        features=x.shape[-1], axis=(-2, -1), use_bias=False, name='out',
        kernel_init=nn.with_logical_partitioning(kinit, ('heads', 'kv', 'embed')))(out)


def main():
  # 4-way tensor parallelism; the model config has 6 heads (d_model 384 / head_dim 64).
  mesh = jax.make_mesh((1, 4), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
  model = SelfAttention(num_heads=6, head_dim=64)
  x = jnp.zeros((4, 32, 384), jnp.float32)
  with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(model.init, jax.random.key(0), x)
    shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
    init = jax.jit(model.init, out_shardings=shardings)
    init.lower(jax.random.key(0), x).compiler_ir()


if __name__ == '__main__':
  main()
