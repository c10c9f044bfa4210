"""FSDP-style: keep MLP weights sharded over 'data' at rest and gather them (reshard to
replicated) at the start of the forward pass, on an Explicit mesh entered with set_mesh."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, reshard

mesh = jax.make_mesh((4,), ("data",))

model = eqx.nn.MLP(32, 32, 128, 2, key=jax.random.key(42))
params, static = eqx.partition(model, eqx.is_array)


def fsdp_spec(a):
    return P("data") if a.ndim == 2 else P()


def forward(params, x):
    full = jax.tree.map(lambda a: reshard(a, P()), params)
    model = eqx.combine(full, static)
    return jax.vmap(model)(x)


with jax.set_mesh(mesh):
    params = jax.tree.map(lambda a: jax.device_put(a, fsdp_spec(a)), params)
    x = jax.device_put(jnp.ones((16, 32)), P("data"))
    lowered = jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
