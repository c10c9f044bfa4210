import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from cfg import rules as cfg


class FeedForward(nn.Module):
    mlp_dim: int = 128

    @nn.compact
    def __call__(self, x):
        kinit = lambda names: nn.with_logical_partitioning(nn.initializers.lecun_normal(), names)
        h = nn.Dense(self.mlp_dim, kernel_init=kinit(("embed", "mlp")), use_bias=False)(x)
        h = nn.silu(h)
        return nn.Dense(x.shape[-1], kernel_init=kinit(("mlp", "embed")), use_bias=False)(h)


def main():
    mesh = jax.make_mesh(cfg.MESH_SHAPE, cfg.MESH_AXES, axis_types=(AxisType.Auto,) * len(cfg.MESH_AXES))
    rules = [(k, tuple(v) if isinstance(v, list) else v) for k, v in cfg.LOGICAL_AXIS_RULES]
    model = FeedForward()
    x = jnp.ones((8, 32))
    abstract = jax.eval_shape(model.init, jax.random.key(0), x)
    logical_specs = nn.get_partition_spec(abstract)
    shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, rules)
    x_sharding = NamedSharding(mesh, nn.logical_to_mesh_axes(("activation_batch", None), rules))
    fwd = jax.jit(model.apply, in_shardings=(shardings, x_sharding), out_shardings=x_sharding)
    lowered = fwd.trace(abstract, x).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])


if __name__ == "__main__":
    main()
