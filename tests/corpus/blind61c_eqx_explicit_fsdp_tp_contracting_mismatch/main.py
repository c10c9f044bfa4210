import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from models import MLPBlock
from sharding_rules import abstract_params


def make_forward(static):
    def forward(params, x):
        block = eqx.combine(params, static)
        return jax.vmap(block)(x)
    return forward


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
    params, static = eqx.partition(MLPBlock(512, 2048, key=jax.random.PRNGKey(0)), eqx.is_array)
    x = jax.ShapeDtypeStruct((32, 512), jnp.float32, sharding=NamedSharding(mesh, P("data", None)))
    with jax.set_mesh(mesh):
        jax.jit(make_forward(static)).trace(abstract_params(params, mesh), x).lower(
            lowering_platforms=("tpu",))
