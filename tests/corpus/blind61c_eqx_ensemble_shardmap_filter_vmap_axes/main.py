"""Ensemble members sharded across devices: jax.shard_map splits the stacked Equinox ensemble over
'devices', eqx.filter_vmap runs the members held locally, and the ensemble average is a local
mean followed by a pmean over the mesh axis."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P


def make_member(key):
    return eqx.nn.MLP(16, 4, width_size=32, depth=2, activation=jax.nn.silu, key=key)


def ensemble_forward(params, static, xs):
    def member(params, xs):
        mlp = eqx.combine(params, static)
        probs = jax.nn.softmax(jax.vmap(mlp)(xs))
        return probs

    probs = eqx.filter_vmap(member, in_axes=(0, None))(params, xs)
    return jax.lax.pmean(probs.mean(axis=0), "devices")


def build(n_members, mesh):
    keys = jax.random.split(jax.random.key(0), n_members)
    ensemble = eqx.filter_vmap(make_member)(keys)
    params, static = eqx.partition(ensemble, eqx.is_array)
    specs = jax.tree.map(lambda _: P("devices"), params)
    fwd = jax.shard_map(lambda p, x: ensemble_forward(p, static, x), mesh=mesh,
                        in_specs=(specs, P()), out_specs=P())
    return jax.jit(fwd), params


if __name__ == "__main__":
    mesh = jax.make_mesh((4,), ("devices",), axis_types=(AxisType.Auto,))
    fwd, params = build(8, mesh)
    xs = jax.ShapeDtypeStruct((32, 16), jnp.float32)
    fwd.trace(params, xs).lower(lowering_platforms=("tpu",))
