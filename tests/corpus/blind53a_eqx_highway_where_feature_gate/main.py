import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

from blocks import HighwayStack

mesh = jax.make_mesh((2, 2), ("data", "model"))


def param_spec(leaf):
    # shard the output features of the square transform matrices
    if leaf.ndim == 2 and leaf.shape[0] == leaf.shape[1]:
        return NamedSharding(mesh, P(None, "model"))
    return NamedSharding(mesh, P())


with jax.set_mesh(mesh):
    abstract_model = eqx.filter_eval_shape(HighwayStack, 64, 3, key=jr.key(0))
    model = jax.tree.map(
        lambda s: jax.ShapeDtypeStruct(s.shape, s.dtype, sharding=param_spec(s)), abstract_model
    )
    x = jax.ShapeDtypeStruct((16, 64), jnp.float32, sharding=NamedSharding(mesh, P("data", None)))

    def forward(model, x):
        return jnp.mean(model(x) ** 2)

    print(jax.jit(forward).trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
