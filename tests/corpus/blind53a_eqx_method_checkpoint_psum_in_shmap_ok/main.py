import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import RowParallelFFN

mesh = jax.make_mesh((2, 2), ("data", "model"))

ffn = RowParallelFFN(64, 256, key=jr.PRNGKey(0))
ffn = eqx.tree_at(
    lambda m: (m.w_in, m.w_out),
    ffn,
    (
        jax.device_put(ffn.w_in, NamedSharding(mesh, P(None, "model"))),
        jax.device_put(ffn.w_out, NamedSharding(mesh, P("model", None))),
    ),
)


model_specs = eqx.tree_at(lambda m: (m.w_in, m.w_out), ffn, (P(None, "model"), P("model", None)))


def loss_fn(model, x):
    return jax.lax.pmean(jnp.mean(model(x) ** 2), "data")


@jax.jit
def step(model, x):
    return jax.shard_map(
        loss_fn, mesh=mesh, in_specs=(model_specs, P("data", None)), out_specs=P()
    )(model, x)


x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P("data", None)))
print(step.trace(ffn, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
