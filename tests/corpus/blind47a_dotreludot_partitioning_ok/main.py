import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec


class DotReluDot(nn.Module):
    depth: int
    dense_init: nn.initializers.Initializer = nn.initializers.xavier_normal()

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(
            self.depth,
            kernel_init=nn.with_partitioning(self.dense_init, (None, 'model')),
            use_bias=False,
            name='dense_in',
        )(x)
        y = jax.nn.relu(y)
        y = jax.lax.with_sharding_constraint(y, mesh_sharding(PartitionSpec('data', 'model')))
        W2 = self.param(
            'W2',
            nn.with_partitioning(self.dense_init, ('model', None)),
            (self.depth, x.shape[-1]),
        )
        z = jnp.dot(y, W2)
        z = jax.lax.with_sharding_constraint(z, mesh_sharding(PartitionSpec('data', None)))
        return z


device_mesh = mesh_utils.create_device_mesh((2, 2))
mesh = Mesh(devices=device_mesh, axis_names=('data', 'model'))


def mesh_sharding(pspec: PartitionSpec) -> NamedSharding:
    return NamedSharding(mesh, pspec)


model = DotReluDot(depth=64)
x = jnp.ones((16, 32))
x_sharding = mesh_sharding(PartitionSpec('data', None))
x = jax.device_put(x, x_sharding)

abstract_variables = jax.eval_shape(functools.partial(model.init), jax.random.key(0), x)
logical_spec = nn.get_partition_spec(abstract_variables)
variable_sharding = jax.tree_util.tree_map(mesh_sharding, logical_spec,
                                           is_leaf=lambda s: isinstance(s, PartitionSpec))


@functools.partial(jax.jit, out_shardings=variable_sharding)
def init_fn(k, x):
    return model.init(k, x)


variables = init_fn(jax.random.key(0), x)
print(variables['params']['dense_in']['kernel'].value.sharding)

apply_fn = jax.jit(model.apply, in_shardings=(variable_sharding, x_sharding),
                   out_shardings=x_sharding)
print(apply_fn.trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
