import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from enc.model import Encoder

RULES = [('batch', 'data'), ('mlp', 'model'), ('embed', None)]
mesh = jax.make_mesh((2, 2), ('data', 'model'))
model = Encoder(features=32, num_layers=2)
x = jnp.ones((16, 32))
key = jax.random.key(0)

with mesh, nn.logical_axis_rules(RULES):
  abstract = jax.eval_shape(model.init, key, x)
  shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
  x_sharding = NamedSharding(mesh, P('data', None))

  def loss_and_grad(variables, x):
    return jax.value_and_grad(lambda v: jnp.mean(model.apply(v, x) ** 2))(variables)

  step = jax.jit(loss_and_grad, in_shardings=(shardings, x_sharding),
                 out_shardings=(NamedSharding(mesh, P()), shardings))
  step.trace(abstract, x).lower(lowering_platforms=('cuda',))
