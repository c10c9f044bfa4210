import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from model import MLP, LOGICAL_RULES


def main():
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    model = MLP()
    x = jnp.ones((8, 16))
    k = jax.random.key(0)

    with jax.set_mesh(mesh), nn.logical_axis_rules(LOGICAL_RULES):
        abstract = jax.eval_shape(model.init, k, x)
        specs = nn.get_partition_spec(abstract)
        shardings = nn.logical_to_mesh_sharding(specs, mesh, LOGICAL_RULES)
        x_sharding = NamedSharding(mesh, P("data", None))
        init_fn = jax.jit(model.init, in_shardings=(None, x_sharding), out_shardings=shardings)
        lowered = init_fn.trace(k, x).lower(lowering_platforms=("cuda",))
    print("lowered", len(lowered.as_text()) > 0)


if __name__ == "__main__":
    main()
