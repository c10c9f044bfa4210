"""FSDP-style: Equinox Linear weights sharded along their output dim, all-gathered per layer."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

devices = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices, axis_names=("fsdp",))


class MLP(eqx.Module):
    layers: list

    def __init__(self, sizes, key):
        keys = jr.split(key, len(sizes) - 1)
        self.layers = [eqx.nn.Linear(i, o, key=k) for i, o, k in zip(sizes[:-1], sizes[1:], keys)]

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = jax.nn.relu(layer(x))
        return self.layers[-1](x)


def gather_layer(layer):
    # each device stores rows [i*k:(i+1)*k] of weight and bias
    return eqx.tree_at(
        lambda l: (l.weight, l.bias),
        layer,
        (
            jax.lax.all_gather(layer.weight, "fsdp", tiled=True),
            jax.lax.all_gather(layer.bias, "fsdp", tiled=True),
        ),
    )


model = MLP([64, 128, 128, 64], jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
param_specs = jax.tree.map(lambda _: P("fsdp"), params)


@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P("fsdp")), out_specs=P("fsdp"), check_rep=False)
def forward(params, x):
    model = eqx.combine(params, static)
    model = eqx.tree_at(lambda m: m.layers, model, [gather_layer(l) for l in model.layers])
    return jax.vmap(model)(x)


x = jnp.ones((16, 64))
print(jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
