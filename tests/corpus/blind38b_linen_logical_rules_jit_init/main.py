import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

LOGICAL_RULES = (("batch", "data"), ("hidden", "model"), ("embed", None))


class MLP(nn.Module):
    hidden: int = 64
    out: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(
            self.hidden,
            kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "hidden")),
            use_bias=False,
        )(x)
        h = nn.with_logical_constraint(nn.relu(h), ("batch", "hidden"))
        return nn.Dense(
            self.out,
            kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("hidden", "embed")),
            use_bias=False,
        )(h)


def main():
    mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
    model = MLP()
    x = jnp.ones((8, 16))
    k = jax.random.key(0)

    with mesh, nn.logical_axis_rules(LOGICAL_RULES):
        abstract = jax.eval_shape(model.init, k, x)
        specs = nn.get_partition_spec(abstract)
        shardings = nn.logical_to_mesh_sharding(specs, mesh, LOGICAL_RULES)
        x_sharding = NamedSharding(mesh, P("data", None))
        init_fn = jax.jit(model.init, in_shardings=(None, x_sharding), out_shardings=shardings)
        lowered = init_fn.trace(k, x).lower(lowering_platforms=("cuda",))
        params = jax.eval_shape(model.init, k, x)
        apply_fn = jax.jit(model.apply, in_shardings=(shardings, x_sharding), out_shardings=x_sharding)
        lowered2 = apply_fn.trace(params, x).lower(lowering_platforms=("cuda",))
    print("lowered", len(lowered.as_text()) > 0, len(lowered2.as_text()) > 0)


if __name__ == "__main__":
    main()
