import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",))
PERM = [(0, 1), (1, 2), (2, 3)]


def exchange(x):
    token = jax.lax.psend(x, "x", perm=PERM)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), "x", perm=PERM)


def ring(x):
    return jax.shard_map(exchange, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False)(x)


@jax.jit
def jitted_ring(x):
    return ring(x) + 1.0


def send_only(x):
    return jax.lax.psend(x, "x", perm=PERM)


def unsharded(x):
    return send_only(x)


def ARGS():
    return (jax.ShapeDtypeStruct((8, 128), jnp.float32, sharding=NamedSharding(mesh, P("x"))),)
