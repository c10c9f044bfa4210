"""T5X-style layer using flax.linen.partitioning.param_with_axes, axis names collected from the
'params_axes' collection and mapped to mesh axes with logical_to_mesh_axes, then a jit step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from flax.core import unfreeze
from flax.linen import partitioning as nn_partitioning
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec

param_with_axes = nn_partitioning.param_with_axes
with_sharding_constraint = nn_partitioning.with_sharding_constraint

AXIS_RULES = (('batch', 'data'), ('embed', None), ('mlp', 'model'), ('vocab', 'model'))


class MlpBlock(nn.Module):
    intermediate_dim: int = 256

    @nn.compact
    def __call__(self, inputs):
        wi = param_with_axes('wi', nn.initializers.lecun_normal(),
                             (inputs.shape[-1], self.intermediate_dim), axes=('embed', 'mlp'))
        wo = param_with_axes('wo', nn.initializers.lecun_normal(),
                             (self.intermediate_dim, inputs.shape[-1]), axes=('mlp', 'embed'))
        h = nn.relu(inputs @ wi)
        h = with_sharding_constraint(h, ('batch', 'mlp'))
        return h @ wo


mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'model'))
model = MlpBlock()
x = jnp.ones((8, 64))
variables = unfreeze(jax.eval_shape(model.init, jax.random.PRNGKey(0), x))
axes = unfreeze(nn_partitioning.get_axis_names(variables['params_axes']))

with mesh, nn_partitioning.axis_rules(AXIS_RULES):
    param_specs = jax.tree_util.tree_map(
        lambda a: nn_partitioning.logical_to_mesh_axes(a), axes,
        is_leaf=lambda a: isinstance(a, PartitionSpec))
    param_shardings = jax.tree_util.tree_map(lambda s: NamedSharding(mesh, s), param_specs,
                                             is_leaf=lambda a: isinstance(a, PartitionSpec))

    def step(params, x):
        def loss(p):
            return jnp.mean(model.apply({'params': p}, x) ** 2)
        g = jax.grad(loss)(params)
        return jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, params, g)

    p_step = jax.jit(step, in_shardings=(param_shardings, NamedSharding(mesh, PartitionSpec('data'))),
                     out_shardings=param_shardings)
    lowered = p_step.trace(variables['params'], x).lower(lowering_platforms=('cuda',))
print("ok")
