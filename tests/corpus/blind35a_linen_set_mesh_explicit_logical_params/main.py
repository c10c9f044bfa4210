import flax.linen as nn
import jax
import jax.numpy as jnp

rules = (("batch", "data"), ("hidden", "model"), ("embed", None))


class DotReluDot(nn.Module):
    depth: int

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(
            self.depth,
            kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_normal(), ("embed", "hidden")),
            use_bias=False,
        )(x)
        y = nn.relu(y)
        return nn.Dense(
            x.shape[-1],
            kernel_init=nn.with_logical_partitioning(nn.initializers.xavier_normal(), ("hidden", "embed")),
            use_bias=False,
        )(y)


mesh = jax.make_mesh((2, 2), ("data", "model"))
model = DotReluDot(128)
x = jnp.ones((8, 32))

with jax.set_mesh(mesh), nn.logical_axis_rules(rules):
    abstract = jax.eval_shape(model.init, jax.random.key(0), x)
    shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, rules)
    init_fn = jax.jit(model.init, out_shardings=shardings)
    init_fn.trace(jax.random.key(0), x).lower(lowering_platforms=("cuda",))
print("ok")
