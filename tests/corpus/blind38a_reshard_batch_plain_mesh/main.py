"""FSDP-style: keep MLP weights sharded over 'data' at rest and gather them (reshard to
replicated) at the start of the forward pass."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = np.array(jax.devices()).reshape(4)
mesh = Mesh(devices, ("data",))

model = eqx.nn.MLP(32, 32, 128, 2, key=jax.random.key(42))
params, static = eqx.partition(model, eqx.is_array)


def fsdp_spec(a):
    return P("data") if a.ndim == 2 else P()


params = jax.device_put(params, jax.tree.map(lambda a: NamedSharding(mesh, fsdp_spec(a)), params))


def forward(params, x):
    x = jax.sharding.reshard(x, NamedSharding(mesh, P("data")))
    full = jax.tree.map(lambda a: jax.sharding.reshard(a, NamedSharding(mesh, P())), params)
    model = eqx.combine(full, static)
    return jax.vmap(model)(x)


x = jnp.ones((16, 32))
lowered = jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
