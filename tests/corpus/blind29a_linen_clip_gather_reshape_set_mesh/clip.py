import flax.linen as nn
import jax
import jax.numpy as jnp
import optax


class Tower(nn.Module):
    width: int
    embed: int

    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(self.width)(x))
        x = nn.Dense(self.embed)(x)
        return x / jnp.linalg.norm(x, axis=-1, keepdims=True)


class CLIP(nn.Module):
    embed: int = 32

    @nn.compact
    def __call__(self, images, texts):
        img = Tower(64, self.embed, name="image")(images.reshape(images.shape[0], -1))
        txt = Tower(64, self.embed, name="text")(texts)
        scale = self.param("logit_scale", nn.initializers.constant(jnp.log(1 / 0.07)), ())
        return img, txt, jnp.exp(scale)


def global_clip_loss(img, txt, scale, axis_name):
    n = jax.lax.psum(1, axis_name)
    b = img.shape[0]
    # [n, b, d] -> [n*b, d]
    all_txt = jax.lax.all_gather(txt, axis_name).reshape(n * b, -1)
    all_img = jax.lax.all_gather(img, axis_name).reshape(n * b, -1)
    labels = jax.lax.axis_index(axis_name) * b + jnp.arange(b)
    logits_i = scale * jnp.einsum("bd,nd->bn", img, all_txt)
    logits_t = scale * jnp.einsum("bd,nd->bn", txt, all_img)
    li = optax.softmax_cross_entropy_with_integer_labels(logits_i, labels).mean()
    lt = optax.softmax_cross_entropy_with_integer_labels(logits_t, labels).mean()
    return 0.5 * (li + lt)
