import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


class TPMLP(nnx.Module):
  def __init__(self, d, f, rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(d, f, kernel_init=nnx.with_partitioning(init, (None, 'model')), use_bias=False, rngs=rngs)
    self.down = nnx.Linear(f, d, kernel_init=nnx.with_partitioning(init, ('model', None)), use_bias=False, rngs=rngs)
    self.hidden = NamedSharding(mesh, P(None, 'model'))

  def __call__(self, x):
    h = jax.lax.with_sharding_constraint(nnx.relu(self.up(x)), self.hidden)
    return self.down(h)


with jax.set_mesh(mesh):
  model = TPMLP(64, 256, nnx.Rngs(0))

  @nnx.jit
  def forward(model, x):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=(P('data'), P()),
                   axis_names={'data'}, check_vma=False)
    def per_shard(model, x):
      ntok = jax.lax.psum(x.shape[0], 'data')
      return model(x), ntok
    return per_shard(model, x)

  x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P('data')))
  forward.trace(model, x).lower(lowering_platforms=('cuda',))
