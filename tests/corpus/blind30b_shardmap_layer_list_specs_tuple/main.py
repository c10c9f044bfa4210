"""Tensor-parallel stack of residual MLP layers under shard_map. The params are a Python list of
per-layer dicts; the in_specs for them are built with tuple(...)."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((2, 2)), ('data', 'model'))
NUM_LAYERS = 3
D, F = 64, 256


def init_layers(key):
    layers = []
    for k in jax.random.split(key, NUM_LAYERS):
        k1, k2 = jax.random.split(k)
        layers.append({'w1': jax.random.normal(k1, (D, F)) * 0.02,
                       'w2': jax.random.normal(k2, (F, D)) * 0.02})
    return layers


layer_spec = {'w1': P(None, 'model'), 'w2': P('model', None)}
layers_spec = tuple(layer_spec for _ in range(NUM_LAYERS))


@partial(jax.shard_map, mesh=mesh, in_specs=(layers_spec, P('data')), out_specs=P('data'))
def forward(layers, x):
    for layer in layers:
        h = jax.nn.gelu(x @ layer['w1'])
        x = x + jax.lax.psum(h @ layer['w2'], 'model')
    return x


layers = init_layers(jax.random.key(0))
print(jax.jit(forward).trace(layers, jnp.ones((8, D))).lower(lowering_platforms=('cuda',)) is not None)
