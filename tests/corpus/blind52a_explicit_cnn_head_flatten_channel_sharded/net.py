import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

POOLING = "flatten"


def conv1x1(x, w):
    return jax.nn.relu(jnp.einsum("bhwc,cf->bhwf", x, w, out_sharding=P("data", None, None, "model")))


def _flatten(x):
    return x.reshape(x.shape[0], -1)


def _avg(x):
    return x.mean(axis=(1, 2))


pool = _flatten if POOLING == "flatten" else _avg


def classifier(params, images):
    h = images
    for w in params["convs"]:
        h = conv1x1(h, w)
    feats = pool(h)
    logits = jnp.dot(feats, params["head"], out_sharding=P("data", None))
    return jax.nn.log_softmax(logits).mean()
