"""The tokens resource's URLs."""

from django.urls import path

from tournaments.api.tokens import views

urlpatterns = [
    path("auth/token", views.TokenView.as_view(), name="api-token"),
]
